export { HeadingIds, takeHeadingIds, TwinHeadingIds } from './headings';
export { checkTwin, MalformedTwinError } from './twin';
