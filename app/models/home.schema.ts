// The shapes of the officer's home (models/home.server.ts), shared with its components.

export type OfficerDay = {
  /** Position in today's rankings, or null while the officer has no sales and no recovery today. */
  position: number | null;
  total: number;
  distance: string;
  sales: string;
  recovery: string;
};

export type FirstRunSteps = {
  locations: boolean;
  post: boolean;
  dealer: boolean;
};

export type OfficerHome = {
  day: OfficerDay | null;
  firstRun: FirstRunSteps | null;
};
