// The ready address policy (behaviour.md §9.43): which IP addresses are public.
import test from 'ava';
import { isPublicAddress } from '../../src/index.js';

const PUBLIC = [
  '93.184.215.14',
  '8.8.8.8',
  '1.1.1.1',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.167.255.255',
  '192.169.0.0',
  '223.255.255.255',
  '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '[2001:4860:4860::8888]',
  'fbff::1',
  'fe7f::1',
];

const NOT_PUBLIC = [
  // IPv4: this network, private, shared, loopback, link-local, special, multicast, reserved
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.100.100.200',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.192',
  '192.168.1.1',
  '198.18.0.1',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  // IPv6: unspecified, loopback, link-local, site-local, unique-local, multicast, discard, documentation
  '::',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
  'fe80::1',
  'fe80::1%eth0',
  'FE80::ABCD',
  'febf::1',
  'fec0::1',
  'fc00::1',
  'fd00:ec2::254',
  'fdff:ffff::1',
  'ff02::1',
  '100::1',
  '2001:db8::1',
  // IPv4 forms of refused addresses
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::FFFF:169.254.169.254',
  '::ffff:10.0.0.1',
  '::ffff:0.0.0.0',
  '::127.0.0.1',
  '::10.0.0.1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::1',
  '2002:7f00:1::1',
  '2002:a9fe:a9fe::',
  // not an IP address at all
  '',
  'localhost',
  'example.com',
  '127.0.0.1.',
  '127.1',
  '256.0.0.1',
  '1.2.3',
  '::1::',
  '1:2:3:4:5:6:7:8:9',
  '1:2:3:4:5:6:7',
  '12345::',
  ':::',
  '::ffff:1.2.3.256',
];

test('public addresses are allowed', (t) => {
  for (const address of PUBLIC) t.true(isPublicAddress(address), address);
});

test('loopback, private, link-local, unique-local, unspecified and other special addresses are refused, IPv4-mapped forms too', (t) => {
  for (const address of NOT_PUBLIC) t.false(isPublicAddress(address), address);
});

test('an IPv6 address written in full or compressed is read the same', (t) => {
  t.false(isPublicAddress('0000:0000:0000:0000:0000:ffff:7f00:0001'));
  t.false(isPublicAddress('0:0:0:0:0:ffff:127.0.0.1'));
  t.true(isPublicAddress('2001:4860:4860:0:0:0:0:8888'));
});
