/** A file Vite emits as an asset; the import gives its URL. */
declare module '*?url' {
  const url: string;
  export default url;
}
