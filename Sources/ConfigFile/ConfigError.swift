// ConfigFile: placeholder until the reader lands.
