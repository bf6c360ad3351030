// eslint-plugin-boundaries finds import targets through eslint-module-utils,
// which loads resolvers by module path (interface version 2). This adapts
// eslint-plugin-import-x's own resolver to it, so both plugins resolve the web
// app's `@/` alias and TypeScript files the same way (eslint.config.js).
const { createNodeResolver } = require('eslint-plugin-import-x');

const resolvers = new Map();

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file, options) {
  const key = JSON.stringify(options);
  let resolver = resolvers.get(key);
  if (resolver === undefined) {
    resolver = createNodeResolver(options);
    resolvers.set(key, resolver);
  }
  return resolver.resolve(source, file);
};
