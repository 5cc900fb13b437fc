import { apiClient, signIn } from './src/testing/users.ts';
const base = 'http://localhost:3600';
const cfg = await (await fetch(`${base}/config.json`)).json();
const env = { COGNITO_USER_POOL_ID: cfg.cognito.userPoolId, COGNITO_CLIENT_ID: cfg.cognito.clientId, COGNITO_ENDPOINT: cfg.cognito.endpoint };
const [email, n] = process.argv.slice(2);
const u = await signIn(env, email!, 'Passw0rd!long');
const a = apiClient(base, u.accessToken);
for (let i = 0; i < Number(n); i++) {
  const r = await a.post('/user/group', { title: `Team ${i + 1}`, description: '', metadata: { color: '#228be6', icon: 'work' } });
  console.log(r.status, r.status === 201 ? r.body.id : JSON.stringify(r.body));
}
