// ESM (the package is "type": "module"); Mantine's preset gives rem/em, light-dark and breakpoint mixins.
export default {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
