import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { CompactEncrypt, importJWK } from 'jose';
const child = fork('/work/wt/i9-ledger/bench/wallet.mjs', [], {
  execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/i9prof', '--import', 'tsx'],
  env: { ...process.env, BENCH_ROLE: 'server', BENCH_DB_URL: 'postgres://postgres@127.0.0.1:5432/test' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const started = await new Promise((r) => child.once('message', r));
const base = `http://127.0.0.1:${started.port}`;
const jwk = (await (await fetch(`${base}/wps/system/publicKey`)).json()).value;
const key = await importJWK(jwk, 'RSA-OAEP-256');
const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify({ username: started.accounts[0], password: 'Passw0rd1' }))).setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' }).encrypt(key);
const token = (await (await fetch(`${base}/wps/session/login`, { method: 'POST', headers: { 'content-type': 'application/jose' }, body: jwe })).json()).value.token;
const bare = await autocannon({ url: `${base}/healthz`, connections: 10, duration: 5 });
const r = await autocannon({ url: `${base}/wps/v2/wallets/balance`, connections: 10, duration: 8, headers: { authorization: `Bearer ${token}` } });
console.log('bare', bare.requests.average, 'balance', r.requests.average, 'non2xx', r.non2xx, 'ratio', r.requests.average / bare.requests.average);
child.send('stop');
await new Promise((r) => child.once('exit', r));
