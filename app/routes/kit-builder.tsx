// Placeholder until the kit builder is built (issue 5).
export { default, loader } from './not-found';
