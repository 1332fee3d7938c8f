export { buildPrograms, bundlePath, programArgs, REPO_ROOT, staleReason, workspacePrograms } from './programs.ts';
