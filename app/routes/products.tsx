// Placeholder until this page is built (issue 3).
export { default, loader } from './not-found';
