/** A local plugin's options, validated by its Joi schema: a wrong one stops the build, naming plugin and option. */
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

export function optionsValidator<T>(plugin: string, schema: ValidationSchema<T>) {
  return ({ validate, options }: OptionValidationContext<T, T>): T =>
    validateNamed(plugin, () => validate(schema, options));
}

/** The `validateOptions` of a plugin that takes no options: one given by mistake stops the build, named. */
export const noOptions = (plugin: string) => optionsValidator<object>(plugin, Joi.object({}));
