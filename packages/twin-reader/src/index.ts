export { HeadingIds, parseHeading, slugify, takeHeadingIds, TwinHeadingIds } from './headings';
export { MalformedTwinError, parseTwin, type ParsedTwin, type TwinSection } from './twin';
