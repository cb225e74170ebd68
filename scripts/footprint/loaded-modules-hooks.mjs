// Module hooks (off the main thread, Node's module.register): tells the main thread each module URL that loads.
let port;
export function initialize(data) {
  port = data.port;
}
export async function load(url, context, nextLoad) {
  port?.postMessage(url);
  return nextLoad(url, context);
}
