export { allEntryPoints, BUILD_DIR, commands, COMPILED, compiledPath, moduleUrl, programArgs, REPO_ROOT, staleReason, workspacePrograms } from './tree.ts';
export { buildTree, ensureTree } from './compile.ts';
