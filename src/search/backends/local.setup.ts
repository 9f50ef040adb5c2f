/** The local index: the modal asks the local backend itself, so no Algolia request is ever made. */
import type { CreateSearchSetup } from '../setup';
import { createLocalBackend } from './local';

export const createSearchSetup: CreateSearchSetup = ({ baseUrl, fallbackSection }) => ({
  backend: createLocalBackend({ bundlePath: `${baseUrl}pagefind/`, fallbackSection }),
});
