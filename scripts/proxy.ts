// pnpm proxy [flags]: the fault proxy's command line, which lives in its package.
import '@kafka-labs/proxy/main';
