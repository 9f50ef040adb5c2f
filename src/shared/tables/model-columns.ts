/** What the model tables share: where their figures come from, how a cell names a model, a repository's link. */
import { RUBRA_PREFIX, huggingFaceUrl } from '../../data/models';
import type { Inline } from './model';

export const SOURCE = 'src/data/models.ts';

/** A model's cell names it with or without the Rubra prefix; the data holds the base model's name. */
export const baseName = (cell: string): string => cell.trim().replace(new RegExp(`^${RUBRA_PREFIX}`), '');

export const repoLink = (repo: string, text = repo): Inline => ({ href: huggingFaceUrl(repo), text });
