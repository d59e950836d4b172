import ConfigFile
