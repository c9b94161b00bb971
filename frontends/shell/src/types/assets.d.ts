// Fonts and images are emitted by webpack's asset modules; importing one yields its URL.
declare module '*.woff2' {
  const url: string;
  export default url;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.ico' {
  const url: string;
  export default url;
}
