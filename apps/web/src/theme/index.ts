export { useTheme, initTheme, setThemePreference, resolveTheme } from './theme';
export type { Theme, ThemePreference } from './theme';
