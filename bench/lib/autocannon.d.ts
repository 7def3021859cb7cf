declare module 'autocannon' {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; pipelining?: number };
  type Result = { requests: { average: number; total: number }; latency: { p99: number; average: number }; errors: number; non2xx: number; timeouts: number };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
