export { allEntryPoints, BUILD_DIR, commands, COMPILED, compiledPath, moduleUrl, programArgs, REPO_ROOT, staleReason, stampPath, workspacePrograms } from './tree.ts';
export { buildTree, ensureTree } from './compile.ts';
