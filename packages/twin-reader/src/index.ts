export { HeadingIds, takeHeadingIds } from './headings';
export { checkTwin } from './twin';
