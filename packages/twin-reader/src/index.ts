export {
  HeadingIds,
  parseHeading,
  plainText,
  slugify,
  takeHeadingIds,
  TwinHeadingIds,
  type HeadingParts,
} from './headings';
export { MalformedTwinError, parseTwin, type ParsedTwin, type TwinSection } from './twin';
