// esbuild bundles the style sheet that main.ts imports.
declare module "*.css";
