// The example robots.txt files of seed 004 (WWW::RobotRules, quoting MK1994),
// line by line, shared by the seed tests and the Python comparison.

/** No robot may visit /cyberworld/map/ or /tmp/. */
export const CYBERWORLD = [
  'User-agent: *',
  'Disallow: /cyberworld/map/ # This is an infinite virtual URL space',
  'Disallow: /tmp/ # these will soon disappear',
];

/** The same, except for cybermapper (with MK1994's blank `Disallow:`, which the seed's text lost). */
export const CYBERMAPPER = [
  'User-agent: *',
  'Disallow: /cyberworld/map/ # This is an infinite virtual URL space',
  '',
  '# Cybermapper knows where to go.',
  'User-agent: cybermapper',
  'Disallow:',
];

/** No robot may visit anything. */
export const GO_AWAY = ['# go away', 'User-agent: *', 'Disallow: /'];

/** The malformed file with no blank lines between records, as the seed prints it. */
export const ANCIENT_CASTLE = [
  '# robots.txt for ancientcastle.example.com',
  "# I've locked myself away.",
  'User-agent: *',
  'Disallow: /',
  '# The castle is your home now, so you can go anywhere you like.',
  'User-agent: Belle',
  'Disallow: /west-wing/ # except the west wing!',
  "# It's good to be the Prince...",
  'User-agent: Beast',
];
