/**
 * The forms layer (react-hook-form, zod resolver, server errors onto fields, the money mutation, the
 * field components and their styles in forms.css, alert, submit button).
 * Imported on its own path, never through `@/ui`: it loads only with the forms (ON_DEMAND in
 * vite.config.ts), so react-hook-form and zod stay off the first route.
 */
export { Alert } from './Alert';
export { FormField, describedBy } from './FormField';
export { PasswordInput } from './PasswordInput';
export { CodeField, PasswordField, TextField, UsernameField, type TextFieldProps } from './TextField';
export { SubmitButton } from './SubmitButton';
export {
  fieldErrorText,
  fieldErrorTexts,
  mapServerError,
  type MappedServerError,
  type ServerErrorOptions,
} from './server-errors';
export { useZodForm, type ZodForm, type ZodFormOptions } from './useZodForm';
export { useMoneyMutation, type MoneyMutationOptions, type RenewRequestId } from './useMoneyMutation';
