import { build } from 'vite';
import { fileURLToPath } from 'node:url';
for (const e of ['a','b']) {
 const r = await build({ logLevel:'silent', configFile:false, resolve:{alias:{'react-router': fileURLToPath(new URL('../../../node_modules/react-router/dist/production/index.mjs', import.meta.url))}},
  build:{ write:false, lib:{entry: e+'.js', formats:['es']}, rolldownOptions:{external:['react','react-dom']}, minify:true}});
 const code = r[0].output[0].code; const {gzipSync}=await import('node:zlib');
 console.log(e, code.length, gzipSync(code,{level:9}).length);
}
