// Preloaded into the Electronegativity process by the test: its translation and
// Electron-release look-ups use `got`, which has no network here and crashes on the
// retry. Failing them at once keeps the scan offline and the same on every machine.
const Module = process.getBuiltinModule('node:module');
const load = Module._load;
Module._load = function loadWithoutNetwork(request, ...rest) {
  if (request === 'got') return () => Promise.reject(new Error('network look-ups are disabled in the test suite'));
  return load.call(this, request, ...rest);
};
