// The part of s3rver's API the tests use (the package ships no types).
declare module "@20minutes/s3rver" {
  export default class S3rver {
    constructor(options: {
      address: string;
      port: number;
      silent: boolean;
      directory: string;
      allowMismatchedSignatures: boolean;
      configureBuckets: Array<{ name: string }>;
    });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
