import { pageWeight } from './lib/page-weight.ts';
const w = await pageWeight(process.argv[2] ?? 'http://127.0.0.1:3995/');
for (const f of w.files.sort((a,b)=>b.gzip-a.gzip)) console.log((f.gzip/1024).toFixed(2).padStart(7), new URL(f.url).pathname);
console.log('JS', (w.js/1024).toFixed(2), 'CSS', (w.css/1024).toFixed(2));
