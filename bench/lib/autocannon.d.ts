declare module 'autocannon' {
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string> | string[]) => void;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    requests?: Request[];
  };
  type Result = {
    requests: { average: number; total: number };
    latency: { p99: number; average: number };
    errors: number;
    non2xx: number;
    timeouts: number;
    '2xx': number;
  };
  /** The run: a promise of its result that also emits every `response` (its latency in ms). */
  type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): Instance;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
