/**
 * The theme's MDX components, with the site's generic data table added: any page
 * writes `<DataTable model={…} />` for a table model it imports.
 */
import MDXComponents from '@theme-original/MDXComponents';

import { DataTableTag } from '@site/src/components/DataTable';

export default {
  ...MDXComponents,
  DataTable: DataTableTag,
};
