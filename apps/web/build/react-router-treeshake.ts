// A Vite plugin that lets the bundler drop what the app does not use of React
// Router (ADR 032). Its ES build declares its modules side-effect free, yet
// keeps every component at the top level: `var Form = React.forwardRef(…)`
// (a call the bundler cannot prove pure) followed by `Form.displayName =
// "Form"` (a write to it). Either keeps Form, and all it calls, in every
// page's first load, used or not. This marks those calls pure and drops the
// display names (a development aid; React's tools fall back to the function's
// name). If a new version of the router is written differently, nothing
// breaks: the pattern no longer matches and `npm run bench` reports the
// larger first load against its budget.
//
// The router's package exports only its development build; it differs from
// the production build beside it (dist/production) in one flag, which turns
// on warnings for developers, each with a long message in every page's first
// load. It is turned off here as that build turns it off.

import type { Plugin } from 'vite';

const routerModule = /\/node_modules\/react-router\/dist\/[^/]+\/[^/]+\.mjs$/;
const componentDefinition = /= (React\d*)\.(forwardRef|memo|createContext)\(/g;
const displayName = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
const devWarnings = /^var ENABLE_DEV_WARNINGS = true;$/m;

export function reactRouterTreeshake(): Plugin {
  return {
    name: 'sas-react-router-treeshake',
    // Browser builds only: the server-rendering bundle imports the router from node_modules.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && isSsrBuild !== true,
    transform(code, id) {
      if (!routerModule.test(id)) return null;
      return {
        code: code
          .replace(devWarnings, 'var ENABLE_DEV_WARNINGS = false;')
          .replace(displayName, '')
          .replace(componentDefinition, '= /* @__PURE__ */ $1.$2('),
        map: null,
      };
    },
  };
}
