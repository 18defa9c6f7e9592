/** For tests: sign in over HTTP as a running server's admin and get the cookie header its session needs. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`signing in as ${username} answered ${res.status}`);
  // A cleared cookie ("name=") is what the server sends to drop an old one: it is not sent back.
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => !c.endsWith('=')).join('; ');
}
