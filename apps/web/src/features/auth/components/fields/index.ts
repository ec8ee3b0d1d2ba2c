/** The auth forms' own field components (the shared ones are in @/ui/form). */
export { CaptchaField } from './CaptchaField';
export { useDefaultDial } from './DialSelect';
export { MobileField } from './MobileField';
export { SmsCodeField } from './SmsCodeField';
