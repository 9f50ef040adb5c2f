/**
 * How an operation is called with the official `openai` SDKs for Python and Node.js,
 * written in the API description beside the operation as the `x-sdk-call` extension:
 *
 *     x-sdk-call: { resource: beta.threads.runs, action: create, result: run }
 */

import { SDK_ACTIONS, type SdkCall } from '../../shared/api-request';

export const SDK_CALL_KEY = 'x-sdk-call';

const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]*';
const RESOURCE = new RegExp(`^${IDENTIFIER}(\\.${IDENTIFIER})*$`);
const VARIABLE = new RegExp(`^${IDENTIFIER}$`);

/** An operation's `x-sdk-call`, or a sentence saying what is wrong with it. */
export function readSdkCall(operation: Readonly<Record<string, unknown>>): SdkCall | { problem: string } {
  const value = operation[SDK_CALL_KEY];
  const expected = `it needs ${SDK_CALL_KEY}: { resource: <client path such as beta.threads.runs>, action: <${SDK_ACTIONS.join(' | ')}>, result: <variable name> }`;
  if (value === undefined) {
    return { problem: `the operation has no ${SDK_CALL_KEY}, so its SDK samples cannot be written; ${expected}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: `${SDK_CALL_KEY} must be a mapping; ${expected}` };
  }
  const { resource, action, result, ...rest } = value as Record<string, unknown>;
  const unknownKeys = Object.keys(rest);
  if (unknownKeys.length > 0) {
    return { problem: `${SDK_CALL_KEY} has unknown keys (${unknownKeys.join(', ')}); ${expected}` };
  }
  if (typeof resource !== 'string' || !RESOURCE.test(resource)) {
    return {
      problem: `${SDK_CALL_KEY}.resource must be a dotted client path such as beta.threads.runs, not ${JSON.stringify(resource)}`,
    };
  }
  if (!SDK_ACTIONS.includes(action as SdkCall['action'])) {
    return {
      problem: `${SDK_CALL_KEY}.action must be one of ${SDK_ACTIONS.join(', ')}, not ${JSON.stringify(action)}`,
    };
  }
  if (typeof result !== 'string' || !VARIABLE.test(result)) {
    return { problem: `${SDK_CALL_KEY}.result must be a variable name such as runStep, not ${JSON.stringify(result)}` };
  }
  return { resource, action: action as SdkCall['action'], result };
}
