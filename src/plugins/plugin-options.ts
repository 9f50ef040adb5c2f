/**
 * How a local plugin validates its options: with its Joi schema, through the validator
 * Docusaurus hands to `validateOptions` (which adds the plugin id). A wrong option stops
 * the build with a message that names the plugin, then the option.
 */
export function validateNamed<T>(plugin: string, validate: () => T): T {
  try {
    return validate();
  } catch (error) {
    throw new Error(`[${plugin}] options: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
