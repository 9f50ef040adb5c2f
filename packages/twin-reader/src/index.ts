export { HeadingIds, takeHeadingIds } from './headings';
export { checkTwin, MalformedTwinError } from './twin';
