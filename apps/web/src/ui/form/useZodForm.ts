import { useId, useState } from 'react';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { mapServerError, type ServerErrorOptions } from './server-errors';

type FieldName<V extends FieldValues> = Extract<Path<V>, string>;

export interface ZodFormOptions<V extends FieldValues> extends Omit<UseFormProps<V>, 'resolver'> {
  /**
   * The form's zod schema (its fields by the contract's field rules), or a function giving the
   * schema as it stands at each check (e.g. once the server asks for a captcha).
   */
  schema: ZodType<unknown, FieldValues> | (() => ZodType<unknown, FieldValues>);
}

/** Field error texts by name, read from react-hook-form's errors. */
const errorTexts = <V extends FieldValues>(errors: FieldErrors<V>): Partial<Record<FieldName<V>, string>> =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([name, error]) => name !== 'root' && typeof error?.message === 'string')
      .map(([name, error]) => [name, error!.message as string]),
  ) as Partial<Record<FieldName<V>, string>>;

/**
 * The forms layer: react-hook-form with a zod resolver, as every form here uses it. Errors show after
 * a submission and a field's error goes as soon as it is typed into (no re-validation while typing,
 * as the forms always did); the first invalid field, in form order, takes the focus. Field ids are
 * `idOf(name)`; `bind(name)` gives the project's field components their id, value, onChange and
 * error. `showServerError` puts a failed call's errors under the fields or in the form's alert
 * (mapServerError, the one mapping).
 */
export function useZodForm<V extends FieldValues>({ schema, ...options }: ZodFormOptions<V>) {
  const base = useId();
  // The schema's output is not handed on: submit handlers read the values as typed (getValues), so
  // the resolver is typed by the form's values.
  const resolver: Resolver<V> = (values, context, resolverOptions) =>
    (zodResolver(typeof schema === 'function' ? schema() : schema) as unknown as Resolver<V>)(
      values,
      context,
      resolverOptions,
    );
  const form = useForm<V>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The field components are controlled (value + onChange): focus goes by id, in form order.
    shouldFocusError: false,
    ...options,
    resolver,
  });
  const [alert, setAlert] = useState<string | null>(null);
  // Every value, re-rendering the form as it is typed (the field components are controlled).
  const values = useWatch({ control: form.control }) as V;
  const errors = errorTexts(form.formState.errors);
  const idOf = (name: string) => `${base}-${name}`;

  const focus = (name: string) => document.getElementById(idOf(name))?.focus();

  /** Focuses the first of `order` (form order) that has an error; true when one had. */
  const focusFirstError = (order: readonly string[], current: Partial<Record<string, unknown>> = errors) => {
    const first = order.find((name) => current[name] !== undefined);
    if (first) focus(first);
    return first !== undefined;
  };

  const clearError = (name: FieldName<V>) => {
    if (form.getFieldState(name).error) form.clearErrors(name);
  };

  /** Marks a field wrong with a text and focuses it (e.g. the mobile number when a code is asked). */
  const showError = (name: FieldName<V>, text: string) => {
    form.setError(name, { type: 'manual', message: text });
    focus(name);
  };

  /** Shows the field errors of `texts` (in form order) and focuses the first. */
  const showErrors = (texts: Partial<Record<FieldName<V>, string>>) => {
    const names = Object.keys(texts) as FieldName<V>[];
    for (const name of names) form.setError(name, { type: 'server', message: texts[name] });
    if (names[0]) focus(names[0]);
  };

  /** A failed call: its field errors under the form's fields, or its message in the alert. */
  const showServerError = <F extends FieldName<V>>(error: unknown, mapping: ServerErrorOptions<F>) => {
    const mapped = mapServerError(error, mapping);
    showErrors(mapped.fields as Partial<Record<FieldName<V>, string>>);
    setAlert(mapped.alert);
    return mapped;
  };

  /** Props of a controlled field component: id, value, onChange (clears its error), error. */
  const bind = <N extends FieldName<V>>(name: N) => ({
    id: idOf(name),
    value: (values[name] ?? '') as string,
    onChange: (value: string) => {
      form.setValue(name, value as PathValue<V, N>);
      clearError(name);
    },
    error: errors[name],
  });

  /** Another tab of the form: its errors go. */
  const resetErrors = () => {
    form.clearErrors();
    setAlert(null);
  };

  return {
    ...form,
    values,
    idOf,
    errors,
    bind,
    clearError,
    showError,
    showErrors,
    showServerError,
    focusFirstError,
    resetErrors,
    alert,
    setAlert,
  };
}

export type ZodForm<V extends FieldValues> = ReturnType<typeof useZodForm<V>>;
