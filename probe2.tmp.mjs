import { prerenderToNodeStream } from 'react-dom/static';
const m = await import('./dist-ssr/ssr/entry-server.js');
const orig = console.error;
process.on('unhandledRejection', e => console.log('UR', e));
const html = await m.render(process.argv[2], { data: {}, postHtml: (h) => h });
console.log(html.length, html.includes('$RX'), html.match(/<template[^>]*>/g));
