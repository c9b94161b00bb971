// Audio is emitted by webpack's asset modules; importing a file yields its URL.
declare module '*.mp3' {
  const url: string;
  export default url;
}
