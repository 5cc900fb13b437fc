/**
 * The new-version banner (spec 001 §7, 002 §7): every API answer carries a `build-version`
 * header; when it names a build other than the one this page was loaded with, a newer site is
 * deployed and the user is offered a reload. A missing or empty header says nothing.
 */
export function isNewBuild(appBuild: string, received: string | null | undefined): boolean {
  if (received === null || received === undefined) return false;
  const r = received.trim();
  return r !== '' && r !== appBuild.trim();
}
