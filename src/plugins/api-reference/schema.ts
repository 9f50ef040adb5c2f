/**
 * The schema converter: JSON Schema, as OpenAPI 3.1 uses it and already dereferenced (a circular `$ref`
 * stays as written, so a schema never contains itself), into the tree of properties, variants and
 * constraints the API pages render.
 */
import { parseInline } from './inline';
import { asRecord, isRecord, type Json } from './load';
import type { SchemaNode } from '../../shared/api-types';

export function isBinary(schema: Json): boolean {
  return schema.format === 'binary' || schema.contentMediaType === 'application/octet-stream';
}

/** A converter from a schema into the tree the pages render, naming (and linking) the shared schemas. */
export function schemaConverter(schemaNames: Map<object, string>, link: (name: string) => string | undefined) {
  function convert(schema: Json, options: { name?: string; required: boolean }): SchemaNode {
    const nullable = unwrapNullable(schema);
    if (nullable) {
      const inner = convert(nullable, options);
      const description =
        schema.description === undefined ? inner.description : parseInline(String(schema.description));
      return { ...inner, nullable: true, description };
    }
    const name = schemaNames.get(schema);
    // A `const` is an enum of one; `null` is no value to choose, the nullable flag says it.
    const values =
      schema.const !== undefined
        ? [schema.const]
        : Array.isArray(schema.enum)
          ? schema.enum.filter((value) => value !== null)
          : undefined;
    const node: SchemaNode = {
      ...(options.name !== undefined ? { name: options.name } : {}),
      required: options.required,
      type: typeLabel(schema),
      ...(Array.isArray(schema.type) && schema.type.includes('null') && { nullable: true }),
      description: parseInline(String(schema.description ?? '')),
      constraints: constraintsOf(schema),
      // JSON leaves out an undefined `href`: a schema without a home page names no link.
      ...(name && { ref: { name, href: link(name) } }),
      ...(values && { enum: values.map((value) => JSON.stringify(value)) }),
      ...(schema.default !== undefined && { default: JSON.stringify(schema.default) }),
    };
    if (isRecord(schema.properties)) {
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
      node.properties = Object.entries(schema.properties).map(([property, child]) =>
        convert(asRecord(child), { name: property, required: required.has(property) }),
      );
    }
    if (isRecord(schema.items)) {
      const items = convert(schema.items, { required: false });
      if (items.properties || items.variants || items.items) {
        node.items = items;
      }
    }
    const variantKind = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
    if (variantKind) {
      const members = (schema[variantKind] as unknown[]).filter(isRecord);
      const discriminator = String(asRecord(schema.discriminator).propertyName ?? 'type');
      node.variantKind = variantKind;
      node.variants = members.map((member, index) => {
        const child = convert(member, { required: false });
        const tag = asRecord(asRecord(member.properties)[discriminator]).const;
        const base =
          schemaNames.get(member) ?? String(member.title ?? (member.type ? typeLabel(member) : `Option ${index + 1}`));
        return { label: typeof tag === 'string' ? `${base} (${discriminator}: ${tag})` : base, node: child };
      });
    }
    return node;
  }

  function typeLabel(schema: Json): string {
    if (isBinary(schema)) {
      return 'binary';
    }
    const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [])
      .map(String)
      .filter((type) => type !== 'null');
    if (types.length === 0) {
      if (schema.oneOf) return 'one of';
      if (schema.anyOf) return 'any of';
      if (schema.const !== undefined) return typeof schema.const;
      return 'any';
    }
    if (types.length === 1 && types[0] === 'array') {
      const items = asRecord(schema.items);
      const itemName = schemaNames.get(items);
      return `array of ${itemName ?? (Object.keys(items).length > 0 ? typeLabel(items) : 'any')}`;
    }
    return types.join(' or ');
  }

  return convert;
}

/** `anyOf: [X, {type: null}]` is X made nullable, shown as one node. */
function unwrapNullable(schema: Json): Json | undefined {
  const members = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : [];
  const [other, ...more] = members.filter((member) => !(isRecord(member) && member.type === 'null'));
  return members.length === 2 && more.length === 0 && isRecord(other) ? other : undefined;
}

function constraintsOf(schema: Json): string[] {
  const result: string[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof minimum === 'number' && typeof maximum === 'number') {
    result.push(`${minimum} to ${maximum}`);
  } else if (typeof minimum === 'number') {
    result.push(`at least ${minimum}`);
  } else if (typeof maximum === 'number') {
    result.push(`at most ${maximum}`);
  }
  if (typeof exclusiveMinimum === 'number') result.push(`greater than ${exclusiveMinimum}`);
  if (typeof exclusiveMaximum === 'number') result.push(`less than ${exclusiveMaximum}`);
  if (typeof schema.minLength === 'number') result.push(`at least ${schema.minLength} characters`);
  if (typeof schema.maxLength === 'number') result.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.minItems === 'number') result.push(`at least ${schema.minItems} items`);
  if (typeof schema.maxItems === 'number') result.push(`at most ${schema.maxItems} items`);
  if (typeof schema.maxProperties === 'number') result.push(`at most ${schema.maxProperties} properties`);
  const keyLength = asRecord(schema.propertyNames).maxLength;
  if (typeof keyLength === 'number') result.push(`keys at most ${keyLength} characters`);
  if (isRecord(schema.additionalProperties)) {
    const values = schema.additionalProperties;
    const limit = typeof values.maxLength === 'number' ? `, at most ${values.maxLength} characters` : '';
    result.push(`values: ${String(values.type ?? 'any')}${limit}`);
  } else if (schema.additionalProperties === true && !schema.properties) {
    result.push('any properties');
  }
  if (typeof schema.pattern === 'string') result.push(`pattern ${schema.pattern}`);
  if (typeof schema.format === 'string' && schema.format !== 'binary') result.push(`format ${schema.format}`);
  return result;
}
