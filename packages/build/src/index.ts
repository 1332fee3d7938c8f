export { allEntryPoints, buildPrograms, BUILD_DIR, bundlePath, programArgs, REPO_ROOT, staleReason, workspacePrograms } from './programs.ts';
