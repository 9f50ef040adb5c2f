/**
 * Every table model the site's table folder exports, loaded from its files as the
 * twins load a page's models: what the figure check may meet in a page.
 */
import { join } from 'node:path';

import { importModule } from '../../src/plugins-lib/twins/table-models';
import { isTableModel, type AnyTableModel } from '../../src/shared/tables/model';
import { tableModelFiles } from './data-components';

export async function allTableModels(root: string): Promise<AnyTableModel[]> {
  const modules = await Promise.all(tableModelFiles(root).map((file) => importModule(join(root, file))));
  return [...new Set(modules.flatMap((exports) => Object.values(exports).filter(isTableModel)))];
}
