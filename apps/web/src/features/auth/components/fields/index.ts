/** The auth forms' field components (each a label, its control, and its error or hint). */
export { CaptchaField } from './CaptchaField';
export { DialSelect, useDefaultDial } from './DialSelect';
export { FormField, describedBy } from './FormField';
export { MobileField } from './MobileField';
export { PasswordInput } from './PasswordInput';
export { SmsCodeField, smsFailureDialog } from './SmsCodeField';
export { CodeField, PasswordField, TextField, UsernameField, type TextFieldProps } from './TextField';
