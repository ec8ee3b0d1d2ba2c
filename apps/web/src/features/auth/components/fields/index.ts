/** The auth forms' field components (each a label, its control, and its error or hint). */
export { CaptchaField } from './CaptchaField';
export { useDefaultDial } from './DialSelect';
export { MobileField } from './MobileField';
export { SmsCodeField } from './SmsCodeField';
export { CodeField, PasswordField, TextField, UsernameField } from './TextField';
