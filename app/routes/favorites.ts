// Placeholder until this resource is built (issue 3).
export { loader } from './not-found';
