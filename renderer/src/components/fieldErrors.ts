import type { FieldError } from '../format/formatClient';
import { humanize, schemaAt, unitOf } from './schemaFields';

const num = (v: unknown) => (typeof v === 'number' ? String(Math.round(v * 1000) / 1000) : '');

function withUnit(limit: unknown, unit: string | undefined): string {
  const n = num(limit);
  if (!unit) return n;
  return `${n} ${n === '1' && unit === 'inches' ? 'inch' : n === '1' && unit === 'degrees' ? 'degree' : unit}`;
}

function list(values: readonly unknown[]): string {
  const words = values.map((v) => String(v));
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/**
 * Words a schema error on one field as a sentence in the game's words, naming the field as the
 * inspector labels it and the unit it is measured in ("Width must be more than 0 inches"), never
 * the validator's own text. `def` is the schema definition the value was checked against. The
 * error's path moves to the field it is about (a missing property is reported on its parent).
 */
export function describeFieldError(def: string, e: FieldError): FieldError {
  const steps = e.path.split('/').filter(Boolean);
  const params = e.params ?? {};
  if (e.keyword === 'required' && typeof params.missingProperty === 'string')
    steps.push(params.missingProperty);
  const field = [...steps].reverse().find((s) => !/^\d+$/.test(s));
  const name = field ? humanize(field) : 'This value';
  const node = schemaAt(def, steps);
  const unit = unitOf(node);
  const path = steps.length ? '/' + steps.join('/') : '';
  const say = (message: string): FieldError => ({ ...e, path, message });
  switch (e.keyword) {
    case 'exclusiveMinimum':
      return say(`${name} must be more than ${withUnit(params.limit, unit)}`);
    case 'minimum':
      return say(`${name} must be at least ${withUnit(params.limit, unit)}`);
    case 'exclusiveMaximum':
      return say(`${name} must be less than ${withUnit(params.limit, unit)}`);
    case 'maximum':
      return say(`${name} must be at most ${withUnit(params.limit, unit)}`);
    case 'required':
      return say(
        `${name} is needed: enter ${unit ? `a number of ${unit}` : 'a value'}, the field cannot be left empty`,
      );
    case 'type': {
      const t = String(params.type ?? '');
      if (t.includes('integer')) return say(`${name} must be a whole number`);
      if (t.includes('number'))
        return say(`${name} must be a number${unit ? ` of ${unit}` : ''}, like 2.5`);
      if (t.includes('boolean')) return say(`${name} must be on or off`);
      if (t.includes('string')) return say(`${name} must be text`);
      return say(`${name} has the wrong kind of value`);
    }
    case 'enum':
      return say(
        `${name} must be one of ${list((params.allowedValues as unknown[] | undefined) ?? [])}`,
      );
    case 'pattern':
      return say(
        /colour/i.test(name)
          ? `${name} must be a colour written as # and six hex digits, like #7d9a5b`
          : `${name} may only use letters, digits and . _ : - (and must start with a letter or digit)`,
      );
    case 'minLength':
      return say(`${name} cannot be empty`);
    case 'maxLength':
      return say(`${name} is too long: at most ${num(params.limit)} characters`);
    case 'minItems':
      return say(`${name} needs at least ${num(params.limit)} entries`);
    case 'maxItems':
      return say(`${name} takes at most ${num(params.limit)} entries`);
    case 'uniqueItems':
      return say(`${name} lists the same entry twice`);
    case 'additionalProperties':
      return say(
        `${name} has a setting this kind does not know: ${String(params.additionalProperty)}`,
      );
    default:
      return say(`${name} is not a value this field accepts`);
  }
}
