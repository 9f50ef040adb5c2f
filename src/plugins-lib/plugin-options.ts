/**
 * How a local plugin validates its options: with its Joi schema, through the validator
 * Docusaurus hands to `validateOptions` (which adds the plugin id). A wrong option stops
 * the build with a message that names the plugin, then the option.
 */
import type { OptionValidationContext, ValidationSchema } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

export function validateNamed<T>(plugin: string, validate: () => T): T {
  try {
    return validate();
  } catch (error) {
    throw new Error(`[${plugin}] options: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** A plugin's `validateOptions` from its name and its schema. */
export function optionsValidator<T>(plugin: string, schema: ValidationSchema<T>) {
  return ({ validate, options }: OptionValidationContext<T, T>): T =>
    validateNamed(plugin, () => validate(schema, options));
}

/** The `validateOptions` of a plugin that takes no options: one given by mistake stops the build, named. */
export const noOptions = (plugin: string) => optionsValidator<object>(plugin, Joi.object({}));
