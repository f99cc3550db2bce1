// Used by tools/build.mjs on every compiled file (CommonJS, so the build script and a Jest test share it).
'use strict';

/**
 * SWC's CommonJS helper for `export * from` gives every re-exported name a getter of its own that
 * reads `from[k]`: all those getters share one call site, so V8 sees it megamorphic, and a call
 * through a lib's barrel (`@emissor/fiscal-domain` -> `sefaz/index` -> the module) costs ~45 ns
 * instead of ~3 (node, 2 cores here). The replacement hands on the module's own getter (SWC's
 * `_export` gives each export one, returning the live binding) when there is one: the same live
 * binding, one hop. It is SWC's helper text, pinned by package-lock: a new SWC with another helper
 * fails the build here rather than quietly losing this. Same line count, so the source maps still hold.
 */
const EXPORT_STAR_SWC = `function _export_star(from, to) {
    Object.keys(from).forEach(function(k) {
        if (k !== "default" && !Object.prototype.hasOwnProperty.call(to, k)) {
            Object.defineProperty(to, k, {
                enumerable: true,
                get: function() {
                    return from[k];
                }
            });
        }
    });
    return from;
}`;
const EXPORT_STAR_DIRETO = `function _export_star(from, to) {
    Object.keys(from).forEach(function(k) {
        if (k !== "default" && !Object.prototype.hasOwnProperty.call(to, k)) {
            var d = Object.getOwnPropertyDescriptor(from, k); Object.defineProperty(to, k, d && d.get ? { enumerable: true, get: d.get } : {
                enumerable: true,
                get: function() {
                    return from[k];
                }
            });
        }
    });
    return from;
}`;
function reexportacaoDireta(codigo, origem) {
  if (!codigo.includes('function _export_star(')) return codigo;
  if (!codigo.includes(EXPORT_STAR_SWC)) throw new Error(`${origem}: o auxiliar _export_star do SWC mudou; reveja tools/build.mjs`);
  return codigo.replace(EXPORT_STAR_SWC, EXPORT_STAR_DIRETO);
}

module.exports = { reexportacaoDireta, EXPORT_STAR_SWC };
