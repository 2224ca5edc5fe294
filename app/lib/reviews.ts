// Verified reviews (issue 36): the vocabulary the schema and the rules share. The rules themselves
// (eligibility, limits, the mean and distribution) are added beside these by the reviews work.

/** A review waits for the admin (pending), then is shown (approved) or not (rejected, with a reason). */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Photos per review. */
export const MAX_REVIEW_PHOTOS = 3;
