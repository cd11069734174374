// CSS imports, as webpack's css-loader hands them over (tools/webpack-app.js): a `.module.css` file
// gives its class names as the default export; a plain stylesheet is imported for its side effect.
declare module '*.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
