// `npm ci`/`npm install` run this as the package's prepare script: in a git checkout it points git at the hooks in
// .githooks/ (commit-msg holds subjects to 72 characters). An unpacked tarball has no .git of its own and is left
// alone, so no enclosing repository is touched; without git on the PATH there is nothing to switch on.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.git')) {
  try {
    execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { stdio: 'ignore' });
  } catch {
    // No git: the hooks stay off, and nothing else depends on them.
  }
}
