// The app's colour tokens, plain data and string functions with no browser or server code,
// so both the design system (@innerecho/ui) and the services' page shell (@innerecho/kit)
// stand on them.
export { colorVars, paletteDeclarations, palettes, type Palette, type ThemeMode } from './tokens';
export { default as baseColors } from './base-colors.json';
